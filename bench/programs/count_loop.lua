-- The same algorithm as count_loop.sym: globals, a while loop of 3*10^7 iterations.
i = 0
n = 30000000
s = 0
while i < n do
  s = s + i
  i = i + 1
end
print(s)
