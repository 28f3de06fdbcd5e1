; expect: 2:19: array
(declare-fun m () (Array (_ BitVec 8) (_ BitVec 8)))
