#!/bin/sh
# A random railhouse/1 bot in POSIX shell + jq (one jq call per message).
#
# It answers every request with the index of a random legal action (ranged fields then
# take their minimum), which needs no observation tracking at all.  Its choices depend only
# on game_start's seed and the request's seq, so the same tournament plays the same games.
# Exits on bye or EOF.
set -eu
seed=0
command -v jq >/dev/null 2>&1 || { echo "bot.sh: jq is required" >&2; exit 1; }

while IFS= read -r line; do
    # type, seq, the number of legal actions and the seed in one jq call
    set -- $(printf '%s\n' "$line" |
        jq -r '[.type, (.seq // 0), ((.legal // []) | length), (.seed // 0)] | @tsv')
    type=$1 seq=$2 count=$3
    case $type in
        hello)
            printf '%s\n' '{"type":"ready","name":"shell-random","version":"1","protocol":"railhouse/1"}'
            ;;
        game_start)
            seed=$4
            ;;
        request)
            # awk's rand() seeded from the game's seed and the seq: no bash-only $RANDOM
            index=$(awk -v n="$count" -v s="$((seed % 1000003 + seq))" \
                'BEGIN { srand(s); print int(rand() * n) }')
            printf '{"type":"action","seq":%s,"index":%s}\n' "$seq" "$index"
            ;;
        bye)
            exit 0
            ;;
        *)
            ;;  # game_start, game_over, error: nothing to answer
    esac
done
exit 0
