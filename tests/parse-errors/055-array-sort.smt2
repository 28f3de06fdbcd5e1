; expect: 2:26: sort 'Array' needs an index and an element sort
(declare-fun m () (Array Array (_ BitVec 8)))
