# fish completion for gridwl(1); tests/completions checks that it names every
# option of "gridwl --help".

complete -c gridwl -s c -l config -r -F -d 'read FILE instead of the user config'
complete -c gridwl -s C -l check-config -F -d 'check the config (FILE, or the one gridwl would read) and exit'
complete -c gridwl -s b -l backend -x -a 'auto drm wayland x11 headless' -d 'the backend'
complete -c gridwl -s o -l output -x -d 'an output line, as in the config file'
complete -c gridwl -s s -l socket -x -d 'the Wayland socket name'
complete -c gridwl -s e -l exec -x -a '(__fish_complete_command)' -d 'run CMD once started'
complete -c gridwl -s r -l ready-fd -x -d 'write the socket name to fd N once ready'
complete -c gridwl -s t -l timeout -x -d 'end COMMAND and gridwl after SECONDS'
complete -c gridwl -s D -l dump-on-failure -x -a '(__fish_complete_directories)' \
    -d 'dump screenshots, JSON and the log into DIR on failure'
complete -c gridwl -l session -d 'act as the desktop session off DRM too'
complete -c gridwl -l no-session -d 'never act as the desktop session'
complete -c gridwl -s d -l debug -d 'verbose logging'
complete -c gridwl -s h -l help -d 'show the help'
complete -c gridwl -s v -l version -d 'show the version'
