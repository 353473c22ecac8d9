module github.com/cardbot/cardbot

go 1.26.0
