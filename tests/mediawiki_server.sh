#!/usr/bin/env bash
# A throw-away MediaWiki for the tests: Debian's `mediawiki` package (1.39) with SQLite,
# served by PHP's built-in server on 127.0.0.1. Nothing outside DIR is written but the
# package install; the packaged /etc/mediawiki/LocalSettings.php is never touched.
#
#   tests/mediawiki_server.sh install          install the packages when missing (.ci/run)
#   tests/mediawiki_server.sh start DIR PORT   install (when missing) + a wiki in DIR, started;
#                                              prints the API URL; DIR/server.pid is the server
#
# Accounts: Admin / Admin-pass-1234 (sysop), OtherEditor / Other-pass-12345, MtgcrBot (bot
# group) with the bot password MtgcrBot@mtgcr / mtgcrbotpassword0123456789abcdef (grants
# basic, highvolume, editpage: it can edit, not create pages).
# Test switches, files in DIR: "lag" = "SECONDS [REQUESTS]": the API reports that much replica
# lag to requests sending maxlag (the next REQUESTS of them; all when absent); "fail": every
# API request answers an internal error.
set -euo pipefail
IP=/usr/share/mediawiki

install() {
  if [ -f "$IP/api.php" ] && command -v php >/dev/null && php -m | grep -qi '^pdo_sqlite$'; then
    return 0
  fi
  command -v apt-get >/dev/null || { echo "no apt-get: cannot install Debian's mediawiki" >&2; exit 3; }
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y --no-install-recommends mediawiki php-sqlite3 php-cli >/dev/null 2>&1 \
    || { apt-get update >/dev/null 2>&1 && apt-get install -y --no-install-recommends mediawiki php-sqlite3 php-cli >/dev/null; } \
    || { echo "apt-get could not install mediawiki php-sqlite3 php-cli" >&2; exit 3; }
}

start() {
  local DIR=$1 PORT=$2
  install
  mkdir -p "$DIR/data"
  export MW_CONFIG_FILE="$DIR/LocalSettings.php"
  if [ ! -f "$MW_CONFIG_FILE" ]; then
    php "$IP/maintenance/install.php" --quiet --dbtype sqlite --dbpath "$DIR/data" \
      --dbname mtgwiki --confpath "$DIR" --server "http://127.0.0.1:$PORT" --scriptpath "" \
      --lang ja --pass 'Admin-pass-1234' --skins '' 'MTG Wiki Test' Admin >/dev/null
    cat >> "$MW_CONFIG_FILE" <<EOF
\$wgEnableBotPasswords = true;
\$wgJobRunRate = 0;
\$wgRateLimits = [];
\$wgPasswordAttemptThrottle = false;
\$wgHooks['ApiMaxLagInfo'][] = static function ( &\$lagInfo ) {
  \$f = '$DIR/lag';
  if ( !is_file( \$f ) ) { return; }
  \$p = preg_split( '/\\s+/', trim( file_get_contents( \$f ) ) );
  \$lagInfo = [ 'host' => 'replica-test', 'lag' => (float)\$p[0], 'type' => 'db' ];
  if ( isset( \$p[1] ) ) { \$n = (int)\$p[1] - 1; if ( \$n <= 0 ) { unlink( \$f ); } else { file_put_contents( \$f, "{\$p[0]} \$n" ); } }
};
\$wgHooks['ApiBeforeMain'][] = static function ( &\$main ) {
  if ( is_file( '$DIR/fail' ) ) { throw new RuntimeException( 'test switch: server failure' ); }
};
EOF
    php "$IP/maintenance/createAndPromote.php" --bot MtgcrBot 'Bot-pass-12345' >/dev/null
    php "$IP/maintenance/createAndPromote.php" OtherEditor 'Other-pass-12345' >/dev/null
    php "$IP/maintenance/createBotPassword.php" --appid mtgcr --grants basic,highvolume,editpage \
      MtgcrBot 'mtgcrbotpassword0123456789abcdef' >/dev/null
  fi
  cat > "$DIR/router.php" <<'EOF'
<?php
// php -S router: a request goes to the MediaWiki entry point it names.
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$ip = '/usr/share/mediawiki';
foreach (['api.php', 'index.php', 'load.php', 'rest.php'] as $entry) {
  if ($path === "/$entry" || str_starts_with($path, "/$entry/")) {
    chdir($ip); $_SERVER['SCRIPT_FILENAME'] = "$ip/$entry"; $_SERVER['SCRIPT_NAME'] = "/$entry";
    require "$ip/$entry"; return true;
  }
}
http_response_code(404); echo "not found\n"; return true;
EOF
  cd "$DIR"
  nohup php -S "127.0.0.1:$PORT" "$DIR/router.php" >"$DIR/server.log" 2>&1 &
  echo $! > "$DIR/server.pid"
  for _ in $(seq 1 100); do
    if php -r "exit(@file_get_contents('http://127.0.0.1:$PORT/api.php?action=query&meta=siteinfo&format=json') === false ? 1 : 0);"; then
      echo "http://127.0.0.1:$PORT/api.php"; return 0
    fi
    sleep 0.1
  done
  echo "the wiki did not answer on 127.0.0.1:$PORT (see $DIR/server.log)" >&2; exit 4
}

case "${1:-}" in
  install) install ;;
  start) start "${2:?DIR}" "${3:?PORT}" ;;
  *) echo "usage: $0 install | start DIR PORT" >&2; exit 2 ;;
esac
