use super::*;

#[test]
fn combinations_are_every_subset_in_order() {
    let all = |m, k| combinations(m, k).collect::<Vec<u32>>();
    assert_eq!(all(0b1011, 2), vec![0b0011, 0b1001, 0b1010]);
    assert_eq!(all(0b111, 3), vec![0b111]);
    assert!(all(0b11, 3).is_empty());
    assert_eq!(all(0xFFFF, 4).len(), 1820);
    assert_eq!(all(0x1FF_FFFF, 2).len(), 300);
}
