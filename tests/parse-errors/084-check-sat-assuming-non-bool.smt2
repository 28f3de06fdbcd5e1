; expect: 3:22: an assumption must be a Bool term
(declare-fun x () (_ BitVec 8))
(check-sat-assuming (x))
