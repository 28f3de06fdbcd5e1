; expect: 2:29: numeral
(declare-fun x () (_ BitVec 8a))
