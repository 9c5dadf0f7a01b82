@echo off
rem The `mediadeck` command of the installed app: Mediadeck.exe in its --cli mode (main/app/cli-mode.ts).
rem "Install Command Line Tool" in the Help menu adds this folder (resources\bin) to the user's PATH.
"%~dp0..\..\Mediadeck.exe" --cli %*
exit /b %ERRORLEVEL%
