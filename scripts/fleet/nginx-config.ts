// The nginx configuration of the README's "Run several instances", with loopback ports and a private prefix so
// `npm run fleet` and the fleet tests run it unprivileged next to anything else. In production, keep the
// `upstream`, `map` and `location` blocks and put them in your own server block.

export interface NginxConfigOptions {
  listenPort: number;
  upstreamPorts: number[];
  /** Directory for nginx's pid, temp files and logs. */
  prefix: string;
}

export function nginxConfig(o: NginxConfigOptions): string {
  // No instance yet (nginx starts first, so its port is known to the instances): one server marked down, 502s.
  const servers = o.upstreamPorts.length
    ? o.upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join("\n")
    : "    server 127.0.0.1:9 down;";
  return `daemon off;
worker_processes 1;
pid ${o.prefix}/nginx.pid;
error_log ${o.prefix}/error.log warn;
events { worker_connections 4096; }

http {
  access_log off;
  client_body_temp_path ${o.prefix}/client_body;
  proxy_temp_path ${o.prefix}/proxy;
  fastcgi_temp_path ${o.prefix}/fastcgi;
  uwsgi_temp_path ${o.prefix}/uwsgi;
  scgi_temp_path ${o.prefix}/scgi;

  upstream tradescope {
    least_conn;
${servers}
    keepalive 64;
  }

  # WebSocket upgrades pass through; plain requests keep the upstream connection alive.
  map $http_upgrade $connection_upgrade {
    default upgrade;
    "" "";
  }

  server {
    listen 127.0.0.1:${o.listenPort};

    location /api/stream {
      proxy_pass http://tradescope;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }

    location / {
      proxy_pass http://tradescope;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}
