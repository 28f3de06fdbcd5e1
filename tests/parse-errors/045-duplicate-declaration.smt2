; expect: 4:14: symbol 'x' is already declared
(declare-fun x () (_ BitVec 8))
(declare-fun y () Bool)
(declare-fun x () (_ BitVec 8))
