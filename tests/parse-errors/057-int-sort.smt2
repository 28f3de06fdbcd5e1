; expect: 2:19: Int
(declare-fun n () Int)
