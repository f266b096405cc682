-- Deletes the given sessions of a user, or all of them when none is
-- given, except one, atomically: a session created or extended while it
-- runs is either deleted or untouched.
--
-- KEYS[1]  the user's index
-- ARGV[1]  the key prefix
-- ARGV[2]  the user's ID
-- ARGV[3]  the session ID to keep, or ""
-- ARGV[4...] the session IDs to delete; none for all
--
-- Returns how many live sessions it deleted.
local ids = {}
if #ARGV > 3 then
	for i = 4, #ARGV do
		ids[#ids + 1] = ARGV[i]
	end
else
	ids = redis.call('ZRANGE', KEYS[1], 0, -1)
end

local n = 0
for _, id in ipairs(ids) do
	if id ~= ARGV[3] then
		local ik = ARGV[1] .. 'session-id:' .. id
		local h = redis.call('GET', ik)
		if h then
			local sk = ARGV[1] .. 'session:' .. h
			local owner = redis.call('HGET', sk, 'user')
			if owner == ARGV[2] then
				n = n + redis.call('DEL', sk)
				redis.call('DEL', ik)
				redis.call('ZREM', KEYS[1], id)
			elseif not owner then -- the session is gone already
				redis.call('DEL', ik)
				redis.call('ZREM', KEYS[1], id)
			end -- else another user's session: not this call's to delete
		else
			redis.call('ZREM', KEYS[1], id)
		end
	end
end
return n
