; expect: 3:15: before a let binding
(declare-fun p () Bool)
(assert (let (q p) q))
