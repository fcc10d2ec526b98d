--TEST--
PDOConfig, MysqliConfig, RedisConfig: defaults, every with*() chains and get*() reads it back
--EXTENSIONS--
gust
mysqlnd
mysqli
--FILE--
<?php
use Swoole\Database\{PDOConfig, MysqliConfig, RedisConfig};

$p = new PDOConfig();
echo json_encode([$p->getDriver(), $p->getHost(), $p->getPort(), $p->hasUnixSocket(), $p->getDbname(),
    $p->getCharset(), $p->getUsername(), $p->getPassword(), $p->getOptions()]), "\n";
$same = $p->withDriver(PDOConfig::DRIVER_PGSQL)->withHost('db')->withPort(5432)->withUnixSocket('/s')
    ->withDbname('d')->withCharset('latin1')->withUsername('u')->withPassword('pw')->withOptions([1 => 2]);
var_dump($same === $p);
echo json_encode([$p->getDriver(), $p->getHost(), $p->getPort(), $p->hasUnixSocket(), $p->getUnixSocket(),
    $p->getDbname(), $p->getCharset(), $p->getUsername(), $p->getPassword(), $p->getOptions()]), "\n";
echo json_encode(PDOConfig::getAvailableDrivers()), " ", PDOConfig::DRIVER_MYSQL, "\n";

$m = (new MysqliConfig())->withHost('h')->withPort(1)->withUnixSocket('/m')->withDbname('x')->withCharset('utf8')
    ->withUsername('a')->withPassword('b')->withOptions([MYSQLI_OPT_CONNECT_TIMEOUT => 2])->withFlags(MYSQLI_CLIENT_SSL);
echo json_encode([$m->getHost(), $m->getPort(), $m->getUnixSocket(), $m->getDbname(), $m->getCharset(),
    $m->getUsername(), $m->getPassword(), $m->getOptions(), $m->getFlags() === MYSQLI_CLIENT_SSL]), "\n";

$r = new RedisConfig();
echo json_encode([$r->getHost(), $r->getPort(), $r->getTimeout(), $r->getDbIndex(), $r->getAuth()]), "\n";
$r->withHost('r')->withPort(7000)->withTimeout(1.5)->withReserved('x')->withRetryInterval(10)
    ->withReadTimeout(2.5)->withAuth('pw')->withDbIndex(3)->withOptions([1 => 1]);
echo json_encode([$r->getHost(), $r->getPort(), $r->getTimeout(), $r->getReserved(), $r->getRetryInterval(),
    $r->getReadTimeout(), $r->getAuth(), $r->getDbIndex(), $r->getOptions()]), "\n";
?>
--EXPECT--
["mysql","127.0.0.1",3306,false,"test","utf8mb4","root","root",[]]
bool(true)
["pgsql","db",5432,true,"\/s","d","latin1","u","pw",{"1":2}]
["mysql","pgsql"] mysql
["h",1,"\/m","x","utf8","a","b",[2],true]
["127.0.0.1",6379,0,0,""]
["r",7000,1.5,"x",10,2.5,"pw",3,{"1":1}]
