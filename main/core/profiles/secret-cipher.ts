// How profile secrets are kept at rest. In the app: Electron's safeStorage (Keychain, DPAPI, libsecret /
// kwallet). In plain Node there is no OS encryption, so secrets are never written: they live in memory for
// the session only and the UI says so (ProfilesState.encryptionAvailable).
export interface SecretCipher {
  /** False where nothing can encrypt: callers keep secrets in memory for the session. */
  readonly available: boolean
  /** Ciphertext as base64, safe to store in JSON. Throws when `available` is false. */
  encrypt(plain: string): string
  decrypt(cipherText: string): string
}

/** The part of Electron's safeStorage this needs; passed in so this module never imports electron. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
  getSelectedStorageBackend?(): string
}

export function createSafeStorageCipher(
  safeStorage: SafeStorageLike,
  platform = process.platform,
): SecretCipher {
  // On Linux, "basic_text" means no keyring was found and Chromium would "encrypt" with a hard-coded key:
  // that is not encryption, so treat it as unavailable (electron/electron#32206).
  const basicText = platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text'
  const available = safeStorage.isEncryptionAvailable() && !basicText
  return {
    available,
    encrypt(plain) {
      if (!available) throw new Error('secret encryption is not available on this system')
      return safeStorage.encryptString(plain).toString('base64')
    },
    decrypt(cipherText) {
      return safeStorage.decryptString(Buffer.from(cipherText, 'base64'))
    },
  }
}

export function createSessionOnlyCipher(): SecretCipher {
  return {
    available: false,
    encrypt() {
      throw new Error('secret encryption is not available outside the desktop app')
    },
    decrypt() {
      throw new Error('secret encryption is not available outside the desktop app')
    },
  }
}
