; expect: 3:22: Bool
(declare-fun x () (_ BitVec 8))
(check-sat-assuming (x))
