; expect: 3:18: unknown indexed identifier 'frob'
(declare-fun x () (_ BitVec 8))
(assert (= x ((_ frob 3) x)))
