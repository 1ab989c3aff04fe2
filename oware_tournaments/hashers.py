"""The password hasher: Argon2id through Django's own support, tuned for this product.

Django's default Argon2 parameters (100 MiB, 8 lanes) cost a quarter of a second of CPU a check
on the 2-core machines the product runs on, PBKDF2 at Django 6's 1,500,000 iterations about half
a second (seconds of wall time under load). These are the first of OWASP's Argon2id settings
(19 MiB, 2 passes, 1 lane): about 25 ms of CPU a check here (docs/performance.md). Hashes made
with other parameters or by PBKDF2 are rewritten with these at the next successful login.
"""

from django.contrib.auth.hashers import Argon2PasswordHasher


class TunedArgon2PasswordHasher(Argon2PasswordHasher):
    time_cost = 2
    memory_cost = 19 * 1024  # KiB
    parallelism = 1
