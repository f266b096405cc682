-- wrk script of Sesame's load benchmark (bench/cmd/loadbench), run as
--   wrk ... -s load.lua URL -- MODE FILE ORIGIN
-- MODE "cookie": GET URL with each line of FILE, a Cookie header, in turn;
-- MODE "body": POST each line of FILE, a JSON body, in turn, from ORIGIN.
-- done() prints one line, LOADBENCH {...}, that loadbench reads.

local lines, i, mode, origin = {}, 0, nil, nil

function init(args)
  mode, origin = args[1], args[3]
  for line in io.lines(args[2]) do
    lines[#lines + 1] = line
  end
end

function request()
  i = i % #lines + 1
  if mode == "cookie" then
    return wrk.format("GET", nil, { ["Cookie"] = lines[i] })
  end
  return wrk.format("POST", nil, { ["Content-Type"] = "application/json", ["Origin"] = origin }, lines[i])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'LOADBENCH {"requests":%d,"duration_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50_us":%d,"p99_us":%d}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
