; expect: 2:29: invalid numeral
(declare-fun x () (_ BitVec 8a))
