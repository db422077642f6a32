// Example puzzles for the page: data only. Sources: the judges' sample inputs
// (UVA 1309, AcWing 169, POJ 3074); vu_kr_16x16 (owhygithub/sudoku-sat-solvers);
// attractivechaos/plb "hard 20"; Gecode's examples/sudoku-instances.hh (25×25);
// the 4×4 and half-given 25×25 are from tests/data (made by examples/make_puzzles.rs).
// What a label claims is tested (tests/e2e/person.test.mjs, page.test.mjs):
// `logic` means the solver needs no guess, `hard` that it needs guessing,
// `learn` that the learning engine takes over.
export const EXAMPLES = [
  {
    name: 'UVA 1309 sample, case 1 (16×16)',
    text: '-------N---L---H\nBA-----K------I-\n-ED--JH-BC-I-F--\n--P-M----F-HL---\n--L---K-----A---\nO--DN-F-C----J-E\n-B---L-A--H--PG-\n---G--DB--P-K--C\nCF--A--ID--B-OP-\n-D---F-L--N---J-\nM---P--J-G-E--A-\n--E--H-C--F-B--D\n-IK-L-A-F----C--\nD-M--NJ--I-CF-L-\nNP---C--AO---DB-\n--A-E--F-D--J-N-\n',
  },
  {
    name: 'UVA 1309 sample, case 2 (16×16)',
    text: 'P-C--J-------HE-\n-IL-DF---G---A-B\nB---I-GC---HD---\n--HA-K-------C-F\nD---C-EF-BI---P-\nJ--L----F-PO--I-\n-A--G-IN-H--EK--\n--B-JL--K---A---\n---J--F--IGB-P--\nAB---HK--F--G---\n--E-A---C-O--ML-\n-F---C-E-D-----N\n---K---G--D-B---\nC---EIB--M---D-P\n-L------N-A-C---\n--N-P-L-------GA\n',
  },
  {
    name: 'UVA 1309 sample, case 3 (16×16)',
    text: '----E----C--G---\n-E---C-B--DP--O-\nD-GP--J-F----A--\n-I--K-GA-B---E-J\n--F---C--D--H-N-\n--B--P--E--K--A-\n-H--B--K--FI-C--\nK---J----H-A-P-L\n--A----C-----O-I\n--D--F-I-E----P-\n-G-EL-H----M-J--\n-J--A-B-P-CGF-H-\n-C--------O-I-L-\n---G-OD---J----H\nE--F-M--D--L-K-A\nH-P-C--F-A--B---\n',
  },
  {
    name: 'AcWing 169 sample (16×16)',
    text: '--A----C-----O-I\n-J--A-B-P-CGF-H-\n--D--F-I-E----P-\n-G-EL-H----M-J--\n----E----C--G---\n-I--K-GA-B---E-J\nD-GP--J-F----A--\n-E---C-B--DP--O-\nE--F-M--D--L-K-A\n-C--------O-I-L-\nH-P-C--F-A--B---\n---G-OD---J----H\nK---J----H-A-P-L\n--B--P--E--K--A-\n-H--B--K--FI-C--\n--F---C--D--H-N-\n',
  },
  {
    name: '16×16 from vu_kr_16x16 (#85): logic alone solves it, no guess',
    logic: true,
    text: 'C.2.A..591..83E.A8....C7.35..4..3...G.1.4.....D9....F..E......1G.......A7..12..8D.....7....35....F6.C..GD.9...A...3A...F.G8..DC465A..9E.3...F2...9...1.6E..2.C4....37....9.....A1..DB..4F.......5A......B..E....E4.....8.F.7...5..8..AG.5D....F2.317..FB2..6.A.C\n',
  },
  {
    name: 'POJ 3074 sample, case 1 (9×9): logic alone',
    logic: true,
    text: '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n',
  },
  {
    name: 'POJ 3074 sample, case 2 (9×9)',
    text: '......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.\n',
  },
  {
    name: 'Platinum Blonde, a hard 9×9 that needs guessing (attractivechaos/plb)',
    hard: true,
    text: '.......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...\n',
  },
  {
    name: 'A 4×4',
    logic: true,
    text: '31........41....\n',
  },
  {
    name: 'A 25×25, half given',
    text: '..IC.WEP..GS.NA..L.T..B...D.BR..A.NH.L.TXFM.....K...A.O...MC..RBVEW..P..JLT.W..KHY.............GS.......L.....WEK.PS..NA.X..I.P......J....YLDVBXMAGEN....E...L.....X.W.U....S.OH.O.JVDMB..W..RGA.EK.FYC.F.L.C..RU.A...K.T.SO.D.BMD......KN.THJS..ICYLP.QU.PRB.Q.T.SG..YHJV.XFCKAWE.T.N....CXF.PQDBAKEWU.IHYJVMCFX...E..T.GNIL.HJ...Q.AK..E...YH.VX..PR...OT..N.L.H.R...DK.EW...S.N..F..R.X.DN.E..J..TS.CFI.UK....NE...M.F..RD.XKU.PQJLT..K.Q.WJ.S.T.MF...BDV.N.AG.LJ..H..XD.U..PQONG..C..F.M..I..K...N.GAELJH......X..GO.X..V...P..NEA.W.CL..UQD..SJ....CI..B..M.EN..W..HLIQ.D.R.N...J.TO..BM..B...VEN....JT..C.I..QU.P..E.K.YCH...BV...Q.RDSJ..G\n',
  },
  {
    name: 'A minimal 25×25 (Gecode #1): very hard — the learning engine takes over, for ten seconds or more',
    learn: true,
    text: '...G...9..4.....6F..L8...CEIN.HDM.OF.1L..A..9PJ.4......A...L..JBN.2.D.1...HP49...JB23.AD..7E..C5F...A1H....F.N5....I.BL...26.....7..C.6...H4B..1....I5.F.P...I..B..7.5.L...9....L6A...5OF.8P...K.NE..734B2.E..L...1J.5....O7.K.APO.5.CB1.P....3EM....2L.H.2..MJ.A...9.3.7......P.8C.....CF.DPG62N.E...OH.M.J.DL..OM..IE.B8..NH...3..K.CO1F.B.N.AH..P.78.JE...DE..6.....H......4M.KIB9..N.J..6......C..1.5.G..H.....75LG...6..1..CI..4.E..9K..6.....HGN.O2P.4.......OA..IP849...2.K3...7GN....G....N...P.D9....A...C1J...M.NAFE.4..23.7....8L......J.H9CD1LP..GO....4ME48NK..5.M......JL.......9.I.OG....835.A.DH..P.....35......L.J..E....8IG.67B\n',
  },
];
