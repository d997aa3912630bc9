-- The twin of insertion_sort.sym: the same descending array of n elements (n from the command
-- line, as symref's --input holds it), sorted in place with locals.
local n = tonumber(arg[1])
local a = {}
for k = 0, n - 1 do a[k] = n - k end
local i = 1
while i < n do
  local key = a[i]
  local j = i - 1
  while j >= 0 and a[j] > key do
    a[j + 1] = a[j]
    j = j - 1
  end
  a[j + 1] = key
  i = i + 1
end
print(a[0], a[n - 1])
