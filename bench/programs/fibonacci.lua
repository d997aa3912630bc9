-- The twin of fibonacci.sym: a recursive local function accumulating into a local r (an upvalue).
local n = tonumber(arg[1])
local r = 0
local function fib(k)
  if k < 2 then
    r = r + k
  else
    fib(k - 1)
    fib(k - 2)
  end
end
fib(n)
print(r)
