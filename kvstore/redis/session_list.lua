-- Returns a user's sessions, each as the flat field and value list of
-- HGETALL, after deleting those that expired by now.
--
-- KEYS[1]  the user's index
-- ARGV[1]  the key prefix
-- ARGV[2]  now (Unix µs)
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])) do
	local ik = ARGV[1] .. 'session-id:' .. id
	local h = redis.call('GET', ik)
	if h then
		redis.call('DEL', ARGV[1] .. 'session:' .. h, ik)
	end
	redis.call('ZREM', KEYS[1], id)
end

local out = {}
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
	local h = redis.call('GET', ARGV[1] .. 'session-id:' .. id)
	local fields = {}
	if h then
		fields = redis.call('HGETALL', ARGV[1] .. 'session:' .. h)
	end
	if #fields > 0 then
		out[#out + 1] = fields
	else -- gone with its time to live
		redis.call('ZREM', KEYS[1], id)
	end
end
return out
