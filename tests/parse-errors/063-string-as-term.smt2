; expect: 2:9: string literal
(assert "abc")
