; expect: 2:10: unsupported
(assert (forall ((i (_ BitVec 8))) (= i i)))
