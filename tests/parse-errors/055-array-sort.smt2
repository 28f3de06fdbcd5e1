; expect: 2:20: unsupported: sort 'Array'
(declare-fun m () (Array (_ BitVec 8) (_ BitVec 8)))
