; expect: 3:15: let
(declare-fun p () Bool)
(assert (let ((q)) q))
