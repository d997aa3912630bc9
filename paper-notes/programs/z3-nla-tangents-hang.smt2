; Z3 4.8.12 (Debian 12) does not answer this satisfiable query: `z3 z3-nla-tangents-hang.smt2`
; runs until it is killed (ten seconds and more here, and minutes through the API with an rlimit of
; 300,000, whose counter hardly moves), while `z3 smt.arith.nl.tangents=false` answers sat in
; 0.02 s, as do `smt.arith.solver=2` and `smt.arith.nl.delay=5`.  A model: len(a) = 3, x = 4,
; y = -193, a[1] = 0 and the other elements 1.  The stuck part is the nonlinear solver's tangent
; lemmas (x*x against len(a) with x above len(a)); an interrupt stops it only after a delay.
; Met by compact_completeness on case 149 of `symref fuzz --seed 1 --level 1`, once a Z3 solver's
; SMT core is renewed on a pop to the base level (z3_solver.cpp, renew_core): the query is the same
; before, but the old core had other history and answered at once.  Cut down from that query.
; symref keeps the tangent lemmas on: switching them off removed this hang but made a level-2
; minute campaign check 750 programs instead of 1,025.  A time-out allowance per fuzz case bounds
; what such a check costs (interp/solver/session/work_budget.hpp).
(set-logic ALL)
(declare-fun |len(a)| () Int)
(declare-fun x () Int)
(declare-fun y () Int)
(declare-fun a () (Array Int Int))
(assert (>= |len(a)| 0))
(assert (> |len(a)| 2))
(assert (< |len(a)| x))
(assert (not (= y 4)))
(assert (or (< x 0) (<= (- |len(a)| x) 0) (not (= (select (store a 1 (select a 2)) x) 0))))
(assert (not (= (select a 1) 2)))
(assert (<= (- |len(a)| (* x x)) 0))
(assert (<= y (- 193)))
(check-sat)
