; expect: 4:6: cannot pop
(push 1)
(declare-fun p () Bool)
(pop 2)
