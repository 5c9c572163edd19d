#ifndef EASEL_CCRYPTO_SHIM_H
#define EASEL_CCRYPTO_SHIM_H
/* OpenSSL's libcrypto: EVP message digests (SHA-256 for plugin allow-lists). */
#include <openssl/evp.h>
#endif
