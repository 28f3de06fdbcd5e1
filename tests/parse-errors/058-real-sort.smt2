; expect: 2:19: Real
(declare-fun r () Real)
