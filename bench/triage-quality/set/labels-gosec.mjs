// Answers for gosec's results on inventory/ (see real-labels.mjs for the key).
import { FP, TP, WF, a } from './answer.mjs';

const AUTH = 'inventory/internal/auth/tokens.go';
const FILES = 'inventory/internal/files/files.go';
const JOBS = 'inventory/internal/jobs/exec.go';
const NET = 'inventory/internal/netx/client.go';
const STORE = 'inventory/internal/store/stock.go';
const TEST = 'inventory/internal/store/stock_test.go';
const PB = 'inventory/api/inventory.pb.go';
const UNCHECKED_WRITE = a(
  FP,
  'The unchecked error is that of writing the response to the client: nothing to recover, no security consequence.',
);

export const GOSEC_LABELS = {
  // auth/tokens.go
  [`${AUTH}|G501|"crypto/md5"`]: a(TP, 'The package hashes passwords with MD5 (HashPassword).'),
  [`${AUTH}|G404|return fmt.Sprintf("%016x%016x", rand.Int63(), rand.Int63())`]: a(
    TP,
    'math/rand for password-reset tokens.',
  ),
  [`${AUTH}|G404|jitter := time.Duration(rand.Int63n(int64(base / 5))) // #nosec G404 -- backoff jitter, not security relevant`]:
    a(WF, 'Suppressed in source by the team (#nosec, justified as backoff jitter).'),
  [`${AUTH}|G404|return ids[rand.Intn(len(ids))]`]: a(
    FP,
    'math/rand to pick a warehouse (load spreading).',
  ),
  [`${AUTH}|G401|sum := md5.Sum([]byte(password))`]: a(TP, 'MD5 for password hashing.'),
  [`${AUTH}|G401|etag := md5.Sum(body)`]: a(FP, 'MD5 for an HTTP ETag.'),

  // netx/client.go
  [`${NET}|G402|return &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}`]:
    a(TP, 'TLS certificate verification disabled for a general-purpose client.'),
  [`${NET}|G704|resp, err := http.Get(r.URL.Query().Get("url"))`]: a(
    TP,
    'The server fetches a URL taken from the query string.',
  ),
  [`${NET}|G704|resp, err := http.Get(endpoint + "/push")`]: a(
    FP,
    'The endpoint comes from the service environment, set by operators.',
  ),

  // store/stock.go
  [`${STORE}|G701|return s.DB.Query(fmt.Sprintf("SELECT * FROM stock_levels WHERE sku = '%s'", sku))`]:
    a(TP, 'Query parameter formatted into a quoted SQL literal.'),
  [`${STORE}|G701|return s.DB.Query("SELECT * FROM stock_levels WHERE quantity < " + strconv.Itoa(limit))`]:
    a(FP, 'The value is an int from strconv.Atoi.'),
  [`${STORE}|G701|return s.DB.Query("SELECT * FROM stock_levels ORDER BY " + column)`]: a(
    FP,
    'The column is checked against a fixed set first.',
  ),
  [`${STORE}|G701|return s.DB.Query(query)`]: a(TP, 'Form value concatenated into a LIKE clause.'),

  // files/files.go
  [`${FILES}|G703|f, err := os.Open(filepath.Join(root, r.URL.Query().Get("name")))`]: a(
    TP,
    'filepath.Join cleans ../ away from the joined result, so a name of ../../etc/passwd leaves the root.',
  ),
  [`${FILES}|G304|data, err := os.ReadFile(filepath.Join(root, "labels", name))`]: a(
    FP,
    'filepath.Base keeps only the file name.',
  ),
  [`${FILES}|G703|data, _ := os.ReadFile(target)`]: a(
    FP,
    'The cleaned path is checked to stay under the root.',
  ),
  [`${FILES}|G703|return os.ReadFile(configPath)`]: a(
    FP,
    'The path comes from the service configuration (environment), not from users.',
  ),
  [`${FILES}|G304|return os.ReadFile(configPath)`]: a(
    FP,
    'The path comes from the service configuration (environment), not from users.',
  ),
  [`${FILES}|G705|io.WriteString(w, "<h1>Hello "+name+"</h1>")`]: a(
    TP,
    'Query value written into HTML without escaping (Go sniffs text/html from the body).',
  ),
  [`${FILES}|G705|w.Write(data)#1`]: a(
    FP,
    "The bytes are the service's own files under its root (file name reduced or path checked), served as they are.",
  ),
  [`${FILES}|G705|w.Write(data)#2`]: a(
    FP,
    "The bytes are the service's own files under its root (file name reduced or path checked), served as they are.",
  ),
  [`${FILES}|G104|io.Copy(w, f)`]: UNCHECKED_WRITE,
  [`${FILES}|G104|w.Write(data)#1`]: UNCHECKED_WRITE,
  [`${FILES}|G104|w.Write(data)#2`]: UNCHECKED_WRITE,
  [`${FILES}|G104|io.WriteString(w, "<h1>Hello "+name+"</h1>")`]: UNCHECKED_WRITE,

  // jobs/exec.go
  [`${JOBS}|G204|out, _ := exec.Command("sh", "-c", "convert /srv/uploads/"+file+" /tmp/thumb.png").CombinedOutput()`]:
    a(TP, 'Query value inside an sh -c command.'),
  [`${JOBS}|G702|out, _ := exec.Command("sh", "-c", "convert /srv/uploads/"+file+" /tmp/thumb.png").CombinedOutput()`]:
    a(TP, 'Query value inside an sh -c command.'),
  [`${JOBS}|G705|w.Write(out)`]: a(
    TP,
    'The command output echoes the file value (and the injectable shell command can print anything); written without a content type, markup is served as HTML.',
  ),
  [`${JOBS}|G104|w.Write(out)`]: UNCHECKED_WRITE,
  [`${JOBS}|G204|return exec.Command(git, "rev-parse", "HEAD").Output()`]: a(
    FP,
    'The binary path comes from the service environment; the arguments are constant.',
  ),
  [`${JOBS}|G702|return exec.Command(git, "rev-parse", "HEAD").Output()`]: a(
    FP,
    'The binary path comes from the service environment; the arguments are constant.',
  ),
  [`${JOBS}|G204|return exec.Command("curl", "-X", "POST", "http://localhost:9200/"+index+"/_refresh").Run()`]:
    a(
      FP,
      'No shell and a single URL argument; no caller passes request data, and the URL targets the local search node.',
    ),

  // test and generated code
  [`${TEST}|G501|"crypto/md5"`]: a(WF, 'Test code.'),
  [`${TEST}|G404|sku := fmt.Sprintf("SKU-%d", rand.Intn(1000))`]: a(WF, 'Test code.'),
  [`${TEST}|G401|_ = md5.Sum([]byte(sku))`]: a(WF, 'Test code.'),
  [`${PB}|G501|"crypto/md5"`]: a(WF, 'Generated protobuf code.'),
  [`${PB}|G401|var fileDescriptorKey = md5.Sum([]byte("inventory.proto"))`]: a(
    WF,
    'Generated protobuf code.',
  ),
  [`${PB}|G404|var seed = rand.Int63()`]: a(WF, 'Generated protobuf code.'),
};
