; expect: 2:19: unsupported: sort 'Int'
(declare-fun n () Int)
