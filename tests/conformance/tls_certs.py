"""Certificates for the TLS tests, made with the openssl command at run time: a CA, a server
certificate it signed for localhost and 127.0.0.1, a client certificate it signed, and a
self-signed server certificate. Nothing secret lives in the tree."""
import pathlib
import subprocess


def _run(*args, cwd):
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def make_certs(directory: pathlib.Path) -> pathlib.Path:
    d = directory
    san = "subjectAltName=DNS:localhost,IP:127.0.0.1"
    _run("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
         "-subj", "/CN=Gust Test CA", "-keyout", "ca.key", "-out", "ca.crt", cwd=d)
    for name, cn, ext in (("server", "localhost", san), ("client", "gust client", "basicConstraints=CA:FALSE")):
        _run("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", f"/CN={cn}",
             "-keyout", f"{name}.key", "-out", f"{name}.csr", cwd=d)
        (d / f"{name}.ext").write_text(ext + "\n")
        _run("x509", "-req", "-in", f"{name}.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
             "-days", "2", "-extfile", f"{name}.ext", "-out", f"{name}.crt", cwd=d)
    _run("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
         "-subj", "/CN=localhost", "-addext", san, "-keyout", "self.key", "-out", "self.crt", cwd=d)
    return d
