-- The same algorithm as fibonacci.sym: a recursive procedure accumulating into a global.
r = 0
function fib(n)
  if n < 2 then
    r = r + n
  else
    fib(n - 1)
    fib(n - 2)
  end
end
fib(30)
print(r)
