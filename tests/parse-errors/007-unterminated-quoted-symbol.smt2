; expect: 2:14: unterminated quoted symbol
(declare-fun |abc () Bool)
(assert true)
