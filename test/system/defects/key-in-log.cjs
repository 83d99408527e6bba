// SYSTEM_BREAK=server-logs: the server prints its upstream key once at start-up, as a debug line naming its settings
// would. Preloaded into the app (NODE_OPTIONS=--require).
if (process.env.MARKET_API_KEY)
  console.log(JSON.stringify({ level: 30, msg: "upstream", key: process.env.MARKET_API_KEY }));
