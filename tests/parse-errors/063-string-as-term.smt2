; expect: 2:9: string
(assert "abc")
