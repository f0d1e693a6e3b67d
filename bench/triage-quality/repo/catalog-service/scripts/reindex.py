import subprocess
import sys


def main():
    index = sys.argv[1]
    subprocess.run("curl -X POST http://localhost:9200/" + index + "/_refresh", shell=True, check=True)


if __name__ == "__main__":
    main()
