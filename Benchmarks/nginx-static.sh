# Sourced by the benchmark scripts that compare photogrid serve with nginx: write_nginx_conf writes
# $WORK/nginx/nginx.conf, nginx sending $WORK/static as static files on 127.0.0.1:$NGINX_PORT (two worker
# processes, no access log, sendfile, keep-alive without a request limit).
write_nginx_conf() {
  mkdir -p "$WORK/static" "$WORK/nginx"
  cat > "$WORK/nginx/nginx.conf" <<CONF
worker_processes 2;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  keepalive_requests 1000000;
  types { application/json json; image/jpeg jpg; }
  client_body_temp_path $WORK/nginx/body; proxy_temp_path $WORK/nginx/proxy;
  fastcgi_temp_path $WORK/nginx/fastcgi; uwsgi_temp_path $WORK/nginx/uwsgi; scgi_temp_path $WORK/nginx/scgi;
  server { listen 127.0.0.1:$NGINX_PORT; root $WORK/static; }
}
CONF
}
