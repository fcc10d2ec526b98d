// Certificates for the TLS tests, made at run time with OpenSSL (nothing secret in the tree):
// a CA, a server certificate it signed for localhost/127.0.0.1, a client certificate it signed,
// and a self-signed server certificate. PEM files in a fresh temporary directory.
#pragma once

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509v3.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace gust::net::testing {

class TestCerts {
public:
    TestCerts() {
        char tmpl[] = "/tmp/gust-tls-XXXXXX";
        dir_ = mkdtemp(tmpl);
        EVP_PKEY *ca_key = EVP_EC_gen("P-256");
        X509 *ca = make("Gust Test CA", ca_key, nullptr, ca_key, true, "");
        write(ca, ca_key, "ca");
        issue("server", "localhost", "DNS:localhost,IP:127.0.0.1", ca, ca_key);
        issue("client", "gust client", "", ca, ca_key);
        EVP_PKEY *self_key = EVP_EC_gen("P-256");
        X509 *self = make("localhost", self_key, nullptr, self_key, false, "DNS:localhost,IP:127.0.0.1");
        write(self, self_key, "self");
        X509_free(self);
        EVP_PKEY_free(self_key);
        X509_free(ca);
        EVP_PKEY_free(ca_key);
    }
    ~TestCerts() {
        for (const char *name : {"ca", "server", "client", "self"}) {
            std::remove(path(name, "crt").c_str());
            std::remove(path(name, "key").c_str());
        }
        rmdir(dir_.c_str());
    }
    // e.g. path("server", "crt")
    std::string path(const char *name, const char *ext) const { return dir_ + "/" + name + "." + ext; }

private:
    void issue(const char *name, const char *cn, const char *san, X509 *ca, EVP_PKEY *ca_key) {
        EVP_PKEY *key = EVP_EC_gen("P-256");
        X509 *cert = make(cn, key, ca, ca_key, false, san);
        write(cert, key, name);
        X509_free(cert);
        EVP_PKEY_free(key);
    }

    static void extend(X509 *cert, X509 *issuer, int nid, const char *value) {
        X509V3_CTX v3;
        X509V3_set_ctx_nodb(&v3);
        X509V3_set_ctx(&v3, issuer ? issuer : cert, cert, nullptr, nullptr, 0);
        X509_EXTENSION *ext = X509V3_EXT_conf_nid(nullptr, &v3, nid, value);
        X509_add_ext(cert, ext, -1);
        X509_EXTENSION_free(ext);
    }

    static X509 *make(const char *cn, EVP_PKEY *key, X509 *issuer, EVP_PKEY *issuer_key, bool is_ca, const char *san) {
        static long serial = 1;
        X509 *cert = X509_new();
        X509_set_version(cert, 2);
        ASN1_INTEGER_set(X509_get_serialNumber(cert), serial++);
        X509_gmtime_adj(X509_getm_notBefore(cert), -3600);
        X509_gmtime_adj(X509_getm_notAfter(cert), 3600L * 24);
        X509_set_pubkey(cert, key);
        X509_NAME *name = X509_get_subject_name(cert);
        X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char *>(cn), -1, -1, 0);
        X509_set_issuer_name(cert, issuer ? X509_get_subject_name(issuer) : name);
        extend(cert, issuer, NID_basic_constraints, is_ca ? "critical,CA:TRUE" : "CA:FALSE");
        if (is_ca) extend(cert, issuer, NID_key_usage, "critical,keyCertSign,cRLSign");
        if (*san) extend(cert, issuer, NID_subject_alt_name, san);
        X509_sign(cert, issuer_key, EVP_sha256());
        return cert;
    }

    void write(X509 *cert, EVP_PKEY *key, const char *name) {
        FILE *f = std::fopen(path(name, "crt").c_str(), "w");
        PEM_write_X509(f, cert);
        std::fclose(f);
        f = std::fopen(path(name, "key").c_str(), "w");
        PEM_write_PrivateKey(f, key, nullptr, nullptr, 0, nullptr, nullptr);
        std::fclose(f);
    }

    std::string dir_;
};

}  // namespace gust::net::testing
