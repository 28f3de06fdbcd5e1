; expect: 4:1: pop
(push 1)
(declare-fun p () Bool)
(pop 2)
