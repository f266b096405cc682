-- Stores a new session, atomically with its entry in the user's index.
--
-- KEYS[1]  the session, by token hash: a hash of its fields
-- KEYS[2]  the session's ID to its token hash
-- KEYS[3]  the user's index: a sorted set of session IDs, scored by
--          expiry (Unix µs)
-- ARGV[1]  the key prefix
-- ARGV[2]  time to live (ms)
-- ARGV[3]  expiry (Unix µs), the index's score
-- ARGV[4]  now (Unix µs): the user's sessions that expired by then go
-- ARGV[5]  the token hash (hex)
-- ARGV[6]  the session ID
-- ARGV[7...] the session's fields and values
local ttl = tonumber(ARGV[2])

-- Expired sessions leave the index with their keys, never before them: a
-- session the index forgot would outlive the next "end every session".
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', ARGV[4])) do
	local ik = ARGV[1] .. 'session-id:' .. id
	local h = redis.call('GET', ik)
	if h then
		redis.call('DEL', ARGV[1] .. 'session:' .. h, ik)
	end
	redis.call('ZREM', KEYS[3], id)
end

redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 7))
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('SET', KEYS[2], ARGV[5], 'PX', ttl)
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[6])
-- The index outlives every session in it.
if redis.call('PTTL', KEYS[3]) < ttl then
	redis.call('PEXPIRE', KEYS[3], ttl)
end
return 1
