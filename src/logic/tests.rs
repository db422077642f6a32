use super::*;

#[test]
fn subsets_are_every_fitting_choice_in_order() {
    let all = |pool, masks: &[u32], k| {
        let mut out = Vec::new();
        subsets::<()>(pool, masks, k, |chosen, union| {
            out.push((chosen, union));
            None
        });
        out
    };
    // Every k-subset when each mask is one bit of its own.
    let own: Vec<u32> = (0..25).map(|i| 1 << i).collect();
    let chosen = |v: Vec<(u32, u32)>| v.into_iter().map(|(c, _)| c).collect::<Vec<_>>();
    assert_eq!(chosen(all(0b1011, &own, 2)), vec![0b0011, 0b1001, 0b1010]);
    assert_eq!(chosen(all(0b111, &own, 3)), vec![0b111]);
    assert!(all(0b11, &own, 3).is_empty());
    assert_eq!(all(0xFFFF, &own, 4).len(), 1820);
    assert_eq!(all(0x1FF_FFFF, &own, 2).len(), 300);
    // Only choices whose masks have k bits together, with their union.
    let masks = [0b011, 0b110, 0b011, 0b1000];
    assert_eq!(all(0b1111, &masks, 2), vec![(0b0101, 0b011)]);
    assert_eq!(
        all(0b1111, &masks, 3),
        vec![(0b0111, 0b111), (0b1101, 0b1011)]
    );
    // The search stops at the first answer.
    assert_eq!(subsets(0b1111, &own, 2, |c, _| Some(c)), Some(0b0011));
}
