; expect: 2:10: unsupported: 'forall'
(assert (forall ((i (_ BitVec 8))) (= i i)))
