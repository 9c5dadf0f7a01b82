// The Electron entry (bundled to out/main/index.js by scripts/build-main.mjs). Everything it does is in
// main/app/start-app.ts; the Electron-free part of the app is main/host.
import { startElectronApp } from './app/start-app'

startElectronApp()
