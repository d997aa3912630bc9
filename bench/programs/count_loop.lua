-- The twin of count_loop.sym, as a Lua programmer writes it: locals, n from the command line.
local n = tonumber(arg[1])
local i, s = 0, 0
while i < n do
  s = s + i
  i = i + 1
end
print(s)
