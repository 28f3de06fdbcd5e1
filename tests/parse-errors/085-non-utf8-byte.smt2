; expect: 3:16: non-ASCII
(declare-fun p () Bool)
(assert (and p ÿ))
