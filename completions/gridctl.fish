# fish completion for gridctl(1), the control client of the gridwl compositor.
# tests/completions checks that it names every gridctl command and every key
# and action gridctl passes on.

# The values of one key of a running gridwl's list (gridctl prints its JSON
# one member a line), e.g. the ids of "gridctl windows".
function __gridctl_values
    command gridctl $argv[1] 2>/dev/null |
        sed -n "s/^[[:space:]]*\"$argv[2]\":[[:space:]]*\"\{0,1\}\([^\",]*\)\"\{0,1\},\{0,1\}\$/\1/p"
end

function __gridctl_workspaces
    __gridctl_values workspaces number
    __gridctl_values workspaces name
    printf '%s\n' next prev $argv
end

# True when the command line is "gridctl COMMAND" followed by exactly
# $argv[2] words, the one being completed not counted.
function __gridctl_at
    set -l words (commandline -opc)
    test (count $words) -ge 2; and test "$words[2]" = $argv[1]
    and test (math (count $words) - 2) -eq $argv[2]
end

# True when the command is $argv[1] and the word before the cursor one of
# $argv[2..].
function __gridctl_after
    set -l words (commandline -opc)
    test (count $words) -ge 2; and test "$words[2]" = $argv[1]
    and contains -- $words[-1] $argv[2..]
end

# True when word $argv[2] of the command line (gridctl being 1) is $argv[1].
function __gridctl_word
    set -l words (commandline -opc)
    test (count $words) -ge $argv[2]
    and test "$words[$argv[2]]" = $argv[1]
end

complete -c gridctl -f
complete -c gridctl -n __fish_use_subcommand -l help -d 'show the commands'
for command in \
    'outputs	list outputs' \
    'windows	list windows' \
    'layers	list layer surfaces' \
    'move	move a window' \
    'resize	resize a window' \
    'focus	focus a window' \
    'close	ask a window to close' \
    'output	configure an output' \
    'create-output	add a headless output' \
    'destroy-output	remove a headless output' \
    'screenshot	save the screen as PNG or PPM' \
    'reload	reload the configuration' \
    'exit	quit the compositor' \
    'stats	print statistics' \
    'wait	wait for a window or a settled screen' \
    'pointer	move the pointer' \
    'click	click a button' \
    'scroll	scroll' \
    'key	press and release keys' \
    'type	type text' \
    'touch	touch the screen' \
    'gesture	a touchpad gesture' \
    'action	run a bind action' \
    'clients	list the connected clients' \
    'inputs	list input devices' \
    'input	configure input devices' \
    'tablet	a pen on a tablet, or its pad' \
    'seats	list the seats' \
    'switch	a lid or tablet mode switch' \
    'workspaces	list the workspaces' \
    'workspace	show a workspace' \
    'subscribe	print events as JSON lines' \
    'move-to-workspace	move a window to a workspace' \
    'raw	send JSON as is'
    complete -c gridctl -n __fish_use_subcommand -a (string split -f1 \t -- $command) \
        -d (string split -f2 \t -- $command)
end

for command in move resize focus close move-to-workspace
    complete -c gridctl -n "__gridctl_at $command 0" -a '(__gridctl_values windows id)'
end
complete -c gridctl -n '__gridctl_at move-to-workspace 1' -a '(__gridctl_workspaces)'
complete -c gridctl -n '__gridctl_at workspace 0' -a '(__gridctl_workspaces back-and-forth)'

complete -c gridctl -n '__gridctl_at output 0' -a '(__gridctl_values outputs name) "*"'
complete -c gridctl -n 'not __gridctl_at output 0; and __gridctl_word output 2; and not __gridctl_after output mode scale position filter power dpms adaptive-sync transform' \
    -a 'mode scale position filter power dpms adaptive-sync transform enable disable'
complete -c gridctl -n '__gridctl_after output filter' -a 'nearest bilinear'
complete -c gridctl -n '__gridctl_after output power dpms' -a 'on off'
complete -c gridctl -n '__gridctl_after output adaptive-sync' -a 'on off auto'
complete -c gridctl -n '__gridctl_after output scale' -a 'auto'
complete -c gridctl -n '__gridctl_after output transform' -a 'normal 90 180 270 flipped flipped-90 flipped-180 flipped-270'
complete -c gridctl -n '__gridctl_at destroy-output 0' -a '(__gridctl_values outputs name)'
complete -c gridctl -n '__gridctl_at create-output 1; or __gridctl_at create-output 3' -a 'scale physical'

complete -c gridctl -n '__gridctl_at input 0' \
    -a '(__gridctl_values inputs identifier) "*" type:keyboard type:pointer type:touchpad type:touch type:tablet_tool type:tablet_pad type:switch'
complete -c gridctl -n '__gridctl_at input 1' \
    -a 'xkb_layout xkb_variant xkb_options xkb_model xkb_rules xkb_numlock repeat_rate repeat_delay tap tap_button_map drag drag_lock natural_scroll accel_profile pointer_accel left_handed middle_emulation scroll_method scroll_button scroll_factor dwt click_method events calibration_matrix map_to_output'
complete -c gridctl -n '__gridctl_after input map_to_output' -a '(__gridctl_values outputs name)'

complete -c gridctl -n '__fish_seen_subcommand_from screenshot' -F
complete -c gridctl -n '__fish_seen_subcommand_from screenshot' -s o -l output -x \
    -a '(__gridctl_values outputs name)' -d 'one output'
complete -c gridctl -n '__fish_seen_subcommand_from screenshot' -l region -x \
    -d 'a logical region X,Y,W,H'
complete -c gridctl -n '__fish_seen_subcommand_from screenshot' -l window -x \
    -a '(__gridctl_values windows id)' -d 'one window alone'
complete -c gridctl -n '__fish_seen_subcommand_from screenshot' -l scale -x -d 'at scale N'
complete -c gridctl -n '__fish_seen_subcommand_from screenshot' -l cursor -d 'with the cursor'

complete -c gridctl -n '__gridctl_at wait 0' -a 'window settled'
set -l wait_value '__gridctl_after wait --app-id --title --class --timeout --quiet'
complete -c gridctl -n "__gridctl_word window 3; and __gridctl_word wait 2; and not $wait_value" \
    -a '--app-id --title --class --timeout'
complete -c gridctl -n "__gridctl_word settled 3; and __gridctl_word wait 2; and not $wait_value" \
    -a '--quiet --timeout'

complete -c gridctl -n '__fish_seen_subcommand_from click' -a 'left right middle'
complete -c gridctl -n '__gridctl_at touch 0' -a 'down motion up'
complete -c gridctl -n '__gridctl_at gesture 0' -a 'swipe pinch hold'
complete -c gridctl -n '__gridctl_at switch 0' -a 'lid tablet'
complete -c gridctl -n '__gridctl_at switch 1' -a 'on off'
complete -c gridctl -n '__fish_seen_subcommand_from subscribe' -a 'window workspace output input binding'

complete -c gridctl -n '__gridctl_at action 0' \
    -a 'exec close exit reload focus fullscreen maximize move-to-output center xkb-switch-layout output workspace move-to-workspace sticky minimize snap always-on-top move-mode resize-mode switcher'
complete -c gridctl -n '__gridctl_at action 1; and __gridctl_after action focus switcher' -a 'next prev'
complete -c gridctl -n '__gridctl_at action 1; and __gridctl_after action snap' -a 'left right up down'
complete -c gridctl -n '__gridctl_at action 1; and __gridctl_after action move-to-output' \
    -a 'left right up down (__gridctl_values outputs name)'
complete -c gridctl -n '__gridctl_at action 1; and __gridctl_after action output' \
    -a '(__gridctl_values outputs name) "*"'
complete -c gridctl -n '__gridctl_at action 1; and __gridctl_after action workspace move-to-workspace' \
    -a '(__gridctl_workspaces back-and-forth)'

complete -c gridctl -n '__gridctl_at tablet 0' -a 'proximity-in motion down up proximity-out button pad'
complete -c gridctl -n '__gridctl_at tablet 1; and __gridctl_word button 3' -a 'stylus stylus2 stylus3'
complete -c gridctl -n '__gridctl_at tablet 2; and __gridctl_word button 3' -a 'down up'
complete -c gridctl -n '__gridctl_at tablet 1; and __gridctl_word pad 3' -a 'add remove button ring strip mode'
complete -c gridctl -n '__gridctl_at tablet 3; and __gridctl_word pad 3; and __gridctl_word button 4' -a 'down up'
complete -c gridctl -n '__gridctl_word tablet 2; and not __gridctl_word button 3; and not __gridctl_word pad 3; and not __gridctl_at tablet 0; and not __gridctl_at tablet 1; and not __gridctl_at tablet 2; and not __gridctl_after tablet --pressure --tilt' \
    -a '--pressure --tilt'
complete -c gridctl -n '__gridctl_at tablet 3; and __gridctl_word pad 3; and not __gridctl_word button 4; and not __gridctl_word mode 4' \
    -a stop
