--TEST--
PDO pgsql hooked: prepare/execute with parameters, transactions, COPY in and out, a syntax error and a statement timeout give the same results and exception messages inside a coroutine as outside
--EXTENSIONS--
gust
pdo
pdo_pgsql
--SKIPIF--
<?php require __DIR__ . "/pdo_pgsql_skipif.inc"; ?>
--FILE--
<?php
require __DIR__ . "/pdo_pgsql.inc";

function scenario(string $table): array {
    $out = [];
    $pdo = pg_connect();
    $pdo->exec("DROP TABLE IF EXISTS $table");
    $out[] = $pdo->exec("CREATE TABLE $table (id int PRIMARY KEY, name text, score float8, born date, flag bool)");
    $ins = $pdo->prepare("INSERT INTO $table VALUES (:id, :name, :score, :born, :flag)");
    foreach ([[1, "ann", 1.5, "2001-02-03", true], [2, "bob", null, null, false], [3, "ünï", -2.25, "1999-12-31", true]] as $r) {
        $ins->bindValue(":id", $r[0], PDO::PARAM_INT);
        $ins->bindValue(":name", $r[1]);
        $ins->bindValue(":score", $r[2], $r[2] === null ? PDO::PARAM_NULL : PDO::PARAM_STR);
        $ins->bindValue(":born", $r[3], $r[3] === null ? PDO::PARAM_NULL : PDO::PARAM_STR);
        $ins->bindValue(":flag", $r[4], PDO::PARAM_BOOL);
        $out[] = [$ins->execute(), $ins->rowCount()];
    }
    $sel = $pdo->prepare("SELECT * FROM $table WHERE id >= ? ORDER BY id");
    $sel->execute([2]);
    $out[] = $sel->fetchAll(PDO::FETCH_ASSOC);
    $out[] = $pdo->query("SELECT count(*), sum(score) FROM $table")->fetch(PDO::FETCH_NUM);

    // Transactions: a rolled back insert is gone, a committed one stays.
    $out[] = $pdo->beginTransaction();
    $pdo->exec("INSERT INTO $table (id, name) VALUES (10, 'rolled back')");
    $out[] = $pdo->inTransaction();
    $out[] = $pdo->rollBack();
    $pdo->beginTransaction();
    $pdo->exec("INSERT INTO $table (id, name) VALUES (11, 'committed')");
    $out[] = $pdo->commit();
    $out[] = $pdo->query("SELECT id FROM $table WHERE id >= 10")->fetchAll(PDO::FETCH_COLUMN);

    // COPY in and out (PQputCopyData, PQgetCopyData, PQgetResult after the copy).
    $out[] = $pdo->pgsqlCopyFromArray($table, ["20\tcopied\t\\N\t\\N\tt", "21\tcopy two\t1.25\t2020-01-01\tf"]);
    $out[] = $pdo->pgsqlCopyToArray($table);
    try {
        $pdo->pgsqlCopyFromArray($table, ["not a row"]);
    } catch (PDOException $e) {
        $out[] = [$e->getCode(), $e->getMessage()];
    }

    // Server errors: the same PDOException (SQLSTATE and message) as plain PHP.
    foreach (["SELEC 1", "SELECT * FROM no_such_table", "INSERT INTO $table (id) VALUES (1)"] as $sql) {
        try {
            $pdo->query($sql);
            $out[] = "no exception";
        } catch (PDOException $e) {
            $out[] = [$e->getCode(), $e->getMessage()];
        }
    }
    // A failed prepared statement inside a transaction aborts it, as in plain PHP.
    $pdo->beginTransaction();
    try {
        $pdo->prepare("SELECT 1/?::int")->execute([0]);
    } catch (PDOException $e) {
        $out[] = [$e->getCode(), $e->getMessage()];
    }
    try {
        $pdo->query("SELECT 1");
    } catch (PDOException $e) {
        $out[] = [$e->getCode(), $e->getMessage()];
    }
    $out[] = $pdo->rollBack();

    // statement_timeout cancels a long query on the server: a clear PDOException, the connection stays usable.
    $pdo->exec("SET statement_timeout = 100");
    $t = microtime(true);
    try {
        $pdo->query("SELECT pg_sleep(5)");
    } catch (PDOException $e) {
        $out[] = [$e->getCode(), $e->getMessage()];
    }
    $out[] = microtime(true) - $t < 2.0;
    $out[] = $pdo->query("SELECT 'still usable'")->fetchColumn();
    $pdo->exec("DROP TABLE $table");
    return $out;
}

$plain = scenario("gust_pg_scenario");
$hooked = null;
Co\run(function () use (&$hooked) { $hooked = scenario("gust_pg_scenario"); });
var_dump($hooked === $plain);
if ($hooked !== $plain) var_dump($plain, $hooked);
// Print what both gave, to show the cases really ran.
foreach ($plain as $v) echo json_encode($v, JSON_UNESCAPED_UNICODE), "\n";
?>
--EXPECT--
bool(true)
0
[true,1]
[true,1]
[true,1]
[{"id":2,"name":"bob","score":null,"born":null,"flag":false},{"id":3,"name":"ünï","score":"-2.25","born":"1999-12-31","flag":true}]
[3,"-0.75"]
true
true
true
true
[11]
true
["1\tann\t1.5\t2001-02-03\tt\n","2\tbob\t\\N\t\\N\tf\n","3\tünï\t-2.25\t1999-12-31\tt\n","11\tcommitted\t\\N\t\\N\t\\N\n","20\tcopied\t\\N\t\\N\tt\n","21\tcopy two\t1.25\t2020-01-01\tf\n"]
["22P02","SQLSTATE[22P02]: Invalid text representation: 7 ERROR:  invalid input syntax for type integer: \"not a row\"\nCONTEXT:  COPY gust_pg_scenario, line 1, column id: \"not a row\""]
["42601","SQLSTATE[42601]: Syntax error: 7 ERROR:  syntax error at or near \"SELEC\"\nLINE 1: SELEC 1\n        ^"]
["42P01","SQLSTATE[42P01]: Undefined table: 7 ERROR:  relation \"no_such_table\" does not exist\nLINE 1: SELECT * FROM no_such_table\n                      ^"]
["23505","SQLSTATE[23505]: Unique violation: 7 ERROR:  duplicate key value violates unique constraint \"gust_pg_scenario_pkey\"\nDETAIL:  Key (id)=(1) already exists."]
["22012","SQLSTATE[22012]: Division by zero: 7 ERROR:  division by zero"]
["25P02","SQLSTATE[25P02]: In failed sql transaction: 7 ERROR:  current transaction is aborted, commands ignored until end of transaction block"]
true
["57014","SQLSTATE[57014]: Query canceled: 7 ERROR:  canceling statement due to statement timeout"]
true
"still usable"
