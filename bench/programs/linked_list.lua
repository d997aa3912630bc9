-- The twin of linked_list.sym: objects as tables sharing a metatable of methods, locals, n from
-- the command line.
local Node = {}
Node.__index = Node

function Node.new()
  return setmetatable({ value = 0, next = nil }, Node)
end

function Node:link(value, rest)
  self.value = value
  self.next = rest
  return self
end

function Node:get()
  return self.value
end

local n = tonumber(arg[1])
local head, sum = nil, 0
local i = 0
while i < n do
  local p = Node.new()
  head = p:link(i, head)
  i = i + 1
end
local p = head
while p ~= nil do
  local v = p:get()
  sum = sum + v
  p = p.next
end
head = nil
print(sum)
